import { useId } from 'react';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { errorMessage } from '@wallet/shared/api';
import { showToast } from '@wallet/shared/toasts';
import { useT, type HostMessage } from '../../i18n';
import type { PushFailure, PushProblem } from './browser-push';
import { useBrowserPush, type BrowserPushOwner } from './use-browser-push';

const STATES: Record<ReturnType<typeof useBrowserPush>['state'], HostMessage> = {
  checking: 'host.pushSettings.checking',
  unsupported: 'host.pushSettings.unsupported',
  blocked: 'host.pushSettings.blocked',
  off: 'host.pushSettings.off',
  on: 'host.pushSettings.on',
};

const PROBLEMS: Record<PushProblem, HostMessage> = {
  denied: 'host.pushSettings.denied',
  dismissed: 'host.pushSettings.dismissed',
  noWorker: 'host.pushSettings.noWorker',
  subscribeFailed: 'host.pushSettings.subscribeFailed',
  saveFailed: 'host.pushSettings.saveFailed',
  offFailed: 'host.pushSettings.offFailed',
};

function FailureNotice({ failure }: { failure: PushFailure }) {
  const t = useT();
  const fallback = t(PROBLEMS[failure.problem]);
  return (
    <Alert severity={failure.problem === 'dismissed' ? 'info' : 'error'} sx={{ mt: 2 }}>
      <AlertTitle>
        {t(failure.problem === 'offFailed' ? 'host.pushSettings.notTurnedOff' : 'host.pushSettings.notTurnedOn')}
      </AlertTitle>
      {/* The API's refusal in its words (a push service it does not send to), else what went wrong here. */}
      {failure.reason === undefined ? fallback : errorMessage(failure.reason, fallback)}
    </Alert>
  );
}

/**
 * "This browser": whether it shows the wallet's notifications (it cannot, it is blocked, off, on),
 * and the button that turns them on (asking the browser's permission only then) or off.
 */
export function ThisBrowser(owner: BrowserPushOwner) {
  const t = useT();
  const headingId = useId();
  const push = useBrowserPush(owner);
  const change = async (on: boolean) => {
    const done = await (on ? push.turnOn() : push.turnOff());
    if (done) showToast(t(on ? 'host.pushSettings.turnedOn' : 'host.pushSettings.turnedOff'), { variant: 'success' });
  };
  const action = push.state === 'off' ? 'on' : push.state === 'on' ? 'off' : undefined;
  return (
    <Box component="section" aria-labelledby={headingId}>
      <Typography id={headingId} component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
        {t('host.pushSettings.heading')}
      </Typography>
      <Typography variant="body2" role="status" sx={{ mt: 0.5 }}>
        {t(STATES[push.state])}
      </Typography>
      {action && (
        <Button
          variant={action === 'on' ? 'contained' : 'outlined'}
          size="small"
          sx={{ mt: 1.5 }}
          disabled={push.busy}
          onClick={() => void change(action === 'on')}
        >
          {t(action === 'on' ? 'host.pushSettings.turnOn' : 'host.pushSettings.turnOff')}
        </Button>
      )}
      {push.failure && <FailureNotice failure={push.failure} />}
    </Box>
  );
}
