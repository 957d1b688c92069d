import Button, { type ButtonProps } from '@mui/material/Button';
import { useKitT } from './messages';

interface SubmitButtonProps extends Omit<ButtonProps, 'type'> {
  pending: boolean;
}

/** Spec §4: "Processing..." and disabled while the request runs. */
export function SubmitButton({ pending, disabled, children, ...props }: SubmitButtonProps) {
  const t = useKitT();
  return (
    <Button type="submit" variant="contained" fullWidth disabled={pending || disabled} {...props}>
      {pending ? t('kit.processing') : children}
    </Button>
  );
}
