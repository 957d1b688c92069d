import Typography from '@mui/material/Typography';

/** An admin's reason (up to 500 characters): wrapped in a column of its own width, never one long line. */
export function ReasonText({ reason }: { reason: string | null }) {
  if (!reason) return null;
  return (
    <Typography variant="body2" sx={{ minWidth: 160, maxWidth: 360, overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
      {reason}
    </Typography>
  );
}
