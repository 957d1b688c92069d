import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@wallet/shared/api';
import type { AppName } from '@wallet/shared/areas';
import type { ReleaseAccess } from '@wallet/shared/contracts/releases';
import { AreaReleasesCard } from '../features/releases/area-releases-card';
import { DeployTokensSection } from '../features/releases/deploy-tokens-section';
import { DeployersSection } from '../features/releases/deployers-section';
import { useReleaseAccess } from '../features/releases/use-release-access';
import { useReleases } from '../features/releases/use-releases';
import { useMay } from '../features/staff/staff-access';
import { useT } from '../i18n';

const mayRelease = (access: ReleaseAccess | undefined, area: AppName) =>
  Boolean(access?.canDeploy && access.areas.includes(area));

/** Why there is nothing to switch with: the admin does not deploy, or what they may do is not known. */
function AccessNote({ access, error }: { access: ReleaseAccess | undefined; error: unknown }) {
  const t = useT();
  if (error && !access) {
    return <Alert severity="error">{errorMessage(error, t('admin.releases.accessFailed'))}</Alert>;
  }
  if (access?.canDeploy) return null;
  return <Alert severity="info">{t('admin.releases.readOnly')}</Alert>;
}

export default function ReleasesPage() {
  const t = useT();
  const { data, error, isLoading } = useReleases();
  // Buttons appear with the releases, not after them: the page waits for what the admin may do too.
  const access = useReleaseAccess();
  // Deploy tokens are deployers' to see; who deploys, owners' and deployers' (the route table).
  const mayListTokens = useMay('GET /api/v1/releases/tokens');
  const mayListDeployers = useMay('GET /api/v1/releases/deployers');
  return (
    <Stack spacing={3}>
      <Typography variant="h5" component="h1">
        {t('admin.releases.title')}
      </Typography>
      {isLoading || access.isLoading ? (
        <Typography>{t('admin.loading')}</Typography>
      ) : (
        <>
          <AccessNote access={access.data} error={access.error} />
          {error && <Alert severity="error">{errorMessage(error, t('admin.releases.loadFailed'))}</Alert>}
          {/* A refresh that fails keeps the last list on screen, under its error. */}
          {data?.map((entry) => (
            <AreaReleasesCard key={entry.area} entry={entry} canDeploy={mayRelease(access.data, entry.area)} />
          ))}
          {mayListTokens && <DeployTokensSection canManage={access.data?.canManageTokens ?? false} />}
          {mayListDeployers && <DeployersSection />}
        </>
      )}
    </Stack>
  );
}
