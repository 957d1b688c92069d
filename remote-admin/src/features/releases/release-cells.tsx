import Box from '@mui/material/Box';
import visuallyHidden from '@mui/utils/visuallyHidden';
import type { Release } from '@wallet/shared/contracts/releases';
import { formatCount } from '../../format';
import { useT, type AdminT } from '../../i18n';

/** Enough of a hash to tell two releases apart at a glance. */
const SHOWN_CHARACTERS = 16;

const ONE_DECIMAL = { minimumFractionDigits: 1, maximumFractionDigits: 1 };

export const viewsText = ({ views }: Release) => formatCount(views);

/** How many client networks the views and errors came from: few networks, few browsers (or a forger). */
export const networksText = ({ networks }: Release) => formatCount(networks);

/** Client errors per 1,000 page views, with one decimal ("12.5"); no rate before the first view. */
export const errorRateText = ({ views, errors }: Release) =>
  views === 0 ? '—' : formatCount((errors * 1_000) / views, ONE_DECIMAL);

/** Where a release's code comes from: this site, or the origin that serves it. */
export const originText = (t: AdminT, origin: Release['origin']) =>
  origin === 'self' ? t('admin.release.thisSite') : origin;

/**
 * A release's SRI hash, shortened on screen ("YWRtaW4gMS4wLjMu…") and whole for a screen reader
 * and as the cell's title, so it can be checked against a build's own.
 */
export function IntegrityHash({ integrity }: { integrity: Release['integrity'] }) {
  const t = useT();
  if (!integrity) return <>{t('admin.release.notRecorded')}</>;
  const digest = integrity.replace(/^sha\d+-/, '');
  return (
    <Box component="span" title={integrity} sx={{ fontFamily: 'monospace', whiteSpace: 'nowrap' }}>
      <span aria-hidden="true">{`${digest.slice(0, SHOWN_CHARACTERS)}…`}</span>
      <Box component="span" sx={visuallyHidden}>
        {integrity}
      </Box>
    </Box>
  );
}
