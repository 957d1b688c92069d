import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { StandaloneApp } from './standalone-app';

createRoot(document.getElementById('root')!).render(
  <BrowserRouter>
    <StandaloneApp />
  </BrowserRouter>,
);
