import Typography from '@mui/material/Typography';

/** A staff member or person in a table cell: the name, the email beneath it. */
export function PersonCell({ person }: { person: { name: string; email: string } }) {
  return (
    <>
      <Typography variant="body2">{person.name}</Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {person.email}
      </Typography>
    </>
  );
}
