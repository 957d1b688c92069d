import Button, { type ButtonProps } from '@mui/material/Button';
import { useT } from '../i18n';

/** A row's action: "Processing..." and disabled while its request runs (spec §4). */
export function ActionButton({ pending, children, ...props }: ButtonProps & { pending: boolean }) {
  const t = useT();
  return (
    <Button
      size="small"
      variant="outlined"
      disabled={pending || props.disabled}
      sx={{ whiteSpace: 'nowrap' }}
      {...props}
    >
      {pending ? t('admin.processing') : children}
    </Button>
  );
}
