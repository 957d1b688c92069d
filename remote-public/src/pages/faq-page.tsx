import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

const QUESTIONS = [
  {
    question: 'How do I create a wallet?',
    answer: 'Register with your name, email and password. Your wallet is created at once, with a bonus of 50 Taka.',
  },
  {
    question: 'How do I withdraw money?',
    answer: 'Choose an agent on the Withdraw page and enter the amount; the agent pays you out in cash.',
  },
];

export default function FaqPage() {
  return (
    <Box component="section" sx={{ maxWidth: 720, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ textAlign: 'center', fontWeight: 700, mb: 4 }}>
        Frequently Asked Questions
      </Typography>
      {QUESTIONS.map(({ question, answer }) => (
        <Accordion key={question} defaultExpanded>
          <AccordionSummary>
            <Typography component="h2" sx={{ fontWeight: 600 }}>
              {question}
            </Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Typography color="text.secondary">{answer}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}
