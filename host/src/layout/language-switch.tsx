import Button from '@mui/material/Button';
import { LANGUAGE_NAMES, type Language } from '@wallet/shared/i18n';
import { useLingui } from '@lingui/react';
import { useChooseLanguage } from '../app/language-choice';

/**
 * English or বাংলা: the button names the other language, in that language (and marks it so, for
 * a screen reader's voice), and switches to it in place, with no reload.
 */
export function LanguageSwitch() {
  const { i18n } = useLingui();
  const choose = useChooseLanguage();
  const other: Language = i18n.locale === 'bn' ? 'en' : 'bn';
  return (
    <Button color="inherit" size="small" lang={other} onClick={() => void choose(other)} sx={{ minWidth: 64 }}>
      {LANGUAGE_NAMES[other]}
    </Button>
  );
}
