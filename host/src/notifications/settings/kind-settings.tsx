import { useId } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { NotificationPreference } from '@wallet/shared/contracts';
import { errorMessage } from '@wallet/shared/api';
import { INTL_LOCALE, pageLanguage } from '@wallet/shared/i18n';
import { useSession } from '@wallet/shared/session';
import { showToast } from '@wallet/shared/toasts';
import { useT } from '../../i18n';
import { groupedChoices, type NamedChoice } from './kind-groups';
import type { useNotificationPreferences } from './use-notification-preferences';

type Preferences = ReturnType<typeof useNotificationPreferences>;

function ChoiceRow({ choice, save }: { choice: NamedChoice; save: (choice: NotificationPreference) => void }) {
  const t = useT();
  const kind = t(choice.name);
  const { kind: code, push, mail } = choice;
  return (
    <TableRow>
      <TableCell component="th" scope="row">
        {kind}
      </TableCell>
      <TableCell align="center" padding="checkbox">
        <Switch
          checked={push}
          onChange={(event) => save({ kind: code, push: event.target.checked, mail })}
          slotProps={{ input: { 'aria-label': t('host.notificationSettings.pushFor', { kind }) } }}
        />
      </TableCell>
      <TableCell align="center" padding="checkbox">
        <Switch
          checked={mail}
          onChange={(event) => save({ kind: code, push, mail: event.target.checked })}
          slotProps={{ input: { 'aria-label': t('host.notificationSettings.mailFor', { kind }) } }}
        />
      </TableCell>
    </TableRow>
  );
}

/**
 * Per kind, in groups (money in, money out, requests, account and security): pushed to the
 * browsers where notifications are on, and mailed as a receipt. A switch saves at once, saying so
 * or putting itself back.
 */
export function KindSettings({ preferences }: { preferences: Preferences }) {
  const t = useT();
  const headingId = useId();
  const person = useSession((state) => state.user);
  const { data, error, isLoading } = preferences;
  const save = (choice: NotificationPreference) =>
    void preferences.save(choice).then(
      () => showToast(t('host.notificationSettings.saved'), { variant: 'success' }),
      (failure: unknown) =>
        showToast(errorMessage(failure, t('host.notificationSettings.saveFailed')), { variant: 'error' }),
    );

  let body;
  if (data) {
    body = groupedChoices(person, data.preferences).map(({ group, choices }) => (
      <Table key={group} size="small" sx={{ mt: 2, '& caption': { captionSide: 'top', px: 0, pb: 0.5 } }}>
        <Typography component="caption" variant="subtitle2" sx={{ fontWeight: 700, color: 'text.primary' }}>
          {t(`host.notificationSettings.group.${group}`)}
        </Typography>
        <TableHead>
          <TableRow>
            <TableCell>{t('host.notificationSettings.kind')}</TableCell>
            <TableCell align="center">{t('host.notificationSettings.push')}</TableCell>
            <TableCell align="center">{t('host.notificationSettings.mail')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {choices.map((choice) => (
            <ChoiceRow key={choice.kind} choice={choice} save={save} />
          ))}
        </TableBody>
      </Table>
    ));
  } else if (error) {
    body = (
      <Alert severity="error" sx={{ mt: 2 }}>
        {errorMessage(error, t('host.notificationSettings.loadFailed'))}
      </Alert>
    );
  } else if (isLoading) {
    body = (
      <Typography variant="body2" color="text.secondary" role="status" sx={{ mt: 2 }}>
        {t('host.notifications.loading')}
      </Typography>
    );
  }

  const count = data?.subscriptions ?? 0;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('host.notificationSettings.heading')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
        {data &&
          t(
            count === 0
              ? 'host.notificationSettings.browsersNone'
              : count === 1
                ? 'host.notificationSettings.browsersOne'
                : 'host.notificationSettings.browsersMany',
            { n: count.toLocaleString(INTL_LOCALE[pageLanguage()]) },
          )}{' '}
        {t('host.notificationSettings.receipts')}
      </Typography>
      {body}
    </Box>
  );
}
