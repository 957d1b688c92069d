import Typography from '@mui/material/Typography';
import { Section } from '../../components/section';
import { CreateTokenForm } from './create-token-form';
import { DeployTokensTable } from './deploy-tokens-table';

/** The tokens scripts and CI publish with: every admin reads them, a deployer creates and revokes them. */
export function DeployTokensSection({ canManage }: { canManage: boolean }) {
  return (
    <Section title="Deploy tokens">
      <Typography variant="body2" color="text.secondary">
        Scripts and CI publish and switch releases with a deploy token, each for its areas. A token&apos;s secret is
        shown once, when it is created.
      </Typography>
      <DeployTokensTable canManage={canManage} />
      {canManage && <CreateTokenForm />}
    </Section>
  );
}
