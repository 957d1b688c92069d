import Typography from '@mui/material/Typography';
import { Section } from '../../components/section';
import { useT } from '../../i18n';
import { CreateTokenForm } from './create-token-form';
import { DeployTokensTable } from './deploy-tokens-table';

/** The tokens scripts and CI publish with: every admin reads them, a deployer creates and revokes them. */
export function DeployTokensSection({ canManage }: { canManage: boolean }) {
  const t = useT();
  return (
    <Section title={t('admin.tokens.title')}>
      <Typography variant="body2" color="text.secondary">
        {t('admin.tokens.intro')}
      </Typography>
      <DeployTokensTable canManage={canManage} />
      {canManage && <CreateTokenForm />}
    </Section>
  );
}
