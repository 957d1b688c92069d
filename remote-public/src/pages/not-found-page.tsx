import { Link as RouterLink } from '@wallet/shared/router';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

export default function NotFoundPage() {
  return (
    <Box component="section" sx={{ textAlign: 'center', py: 8 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        Page not found
      </Typography>
      <Typography sx={{ mt: 2 }} color="text.secondary">
        There is no page at this address.
      </Typography>
      <Button component={RouterLink} to="/" variant="contained" sx={{ mt: 4 }}>
        Go Home
      </Button>
    </Box>
  );
}
