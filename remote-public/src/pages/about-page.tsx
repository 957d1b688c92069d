import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

export default function AboutPage() {
  return (
    <Box component="section" sx={{ textAlign: 'center', maxWidth: 720, mx: 'auto', py: 6 }}>
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        About Us
      </Typography>
      <Typography sx={{ mt: 3 }} color="text.secondary">
        Our mission is to provide seamless digital wallet solutions: send money, manage transactions and track wallets,
        built on innovation, security and user satisfaction.
      </Typography>
    </Box>
  );
}
