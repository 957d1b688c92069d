import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { usePagesT, type PagesMessage } from '../i18n/pages';

const QUESTIONS: { question: PagesMessage; answer: PagesMessage }[] = [
  { question: 'public.faq.q1.question', answer: 'public.faq.q1.answer' },
  { question: 'public.faq.q2.question', answer: 'public.faq.q2.answer' },
];

export default function FaqPage() {
  const t = usePagesT();
  return (
    <Box component="section" sx={{ maxWidth: 720, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ textAlign: 'center', fontWeight: 700, mb: 4 }}>
        {t('public.faq.title')}
      </Typography>
      {QUESTIONS.map(({ question, answer }) => (
        <Accordion key={question} defaultExpanded>
          <AccordionSummary>
            <Typography component="h2" sx={{ fontWeight: 600 }}>
              {t(question)}
            </Typography>
          </AccordionSummary>
          <AccordionDetails>
            <Typography color="text.secondary">{t(answer)}</Typography>
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  );
}
