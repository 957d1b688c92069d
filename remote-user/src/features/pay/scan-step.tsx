import { useRef, useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useT } from '../../i18n';
import { CameraScanner } from './camera-scanner';
import { decodeQr, imageDataOf } from './qr-image';

/**
 * The three ways to give the shop's QR: the camera, a photo of it (a screenshot too), or its text
 * pasted. Whatever is read goes to `onPayload`; what cannot be read is said here.
 */
export function ScanStep({ problem, onPayload }: { problem: string | null; onPayload: (text: string) => void }) {
  const t = useT();
  const [camera, setCamera] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [pasted, setPasted] = useState('');
  const reading = useRef(false);

  async function readPhoto(file: File | undefined) {
    if (!file || reading.current) return;
    reading.current = true;
    setNotice(null);
    try {
      const text = decodeQr(await imageDataOf(file));
      if (text) onPayload(text);
      else setNotice(t('user.pay.noCodeInPhoto'));
    } catch {
      setNotice(t('user.pay.photoUnreadable'));
    } finally {
      reading.current = false;
    }
  }

  const shown = notice ?? problem;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 4 }, maxWidth: 480 }}>
      <Typography component="h1" variant="h5" sx={{ fontWeight: 700, mb: 1 }}>
        {t('user.pay.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {t('user.pay.description')}
      </Typography>
      <Stack spacing={3}>
        {shown && (
          <Alert severity="error" role="alert">
            {shown}
          </Alert>
        )}
        <Stack spacing={1}>
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('user.pay.scanHeading')}
          </Typography>
          {camera ? (
            <>
              <CameraScanner
                onCode={(text) => {
                  setCamera(false);
                  onPayload(text);
                }}
                onUnavailable={() => {
                  setCamera(false);
                  setNotice(t('user.pay.cameraUnavailable'));
                }}
              />
              <Button onClick={() => setCamera(false)} sx={{ alignSelf: 'flex-start' }}>
                {t('user.pay.stopCamera')}
              </Button>
            </>
          ) : (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
              <Button variant="contained" onClick={() => setCamera(true)}>
                {t('user.pay.useCamera')}
              </Button>
              <Button variant="outlined" component="label">
                {t('user.pay.uploadPhoto')}
                <input
                  hidden
                  type="file"
                  accept="image/*"
                  aria-label={t('user.pay.uploadPhoto')}
                  onChange={(event) => {
                    void readPhoto(event.target.files?.[0]);
                    event.target.value = '';
                  }}
                />
              </Button>
            </Stack>
          )}
        </Stack>
        <Stack
          component="form"
          spacing={1}
          aria-label={t('user.pay.pasteHeading')}
          onSubmit={(event) => {
            event.preventDefault();
            if (pasted.trim()) onPayload(pasted.trim());
          }}
        >
          <Typography component="h2" variant="subtitle1" sx={{ fontWeight: 600 }}>
            {t('user.pay.pasteHeading')}
          </Typography>
          <TextField
            label={t('user.pay.pasteLabel')}
            value={pasted}
            onChange={(event) => setPasted(event.target.value)}
            multiline
            minRows={2}
            autoComplete="off"
            slotProps={{ htmlInput: { spellCheck: false } }}
          />
          <Button type="submit" variant="outlined" disabled={!pasted.trim()} sx={{ alignSelf: 'flex-start' }}>
            {t('user.pay.usePasted')}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
