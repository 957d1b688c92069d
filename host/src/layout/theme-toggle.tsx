import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import { useColorScheme } from '@mui/material/styles';
import { MoonIcon, SunIcon } from '@wallet/shared/ui/kit/icons';
import { HeaderMenu } from './header-menu';
import { useT } from '../i18n';

const CHOICES = [
  { mode: 'light', label: 'host.theme.light' },
  { mode: 'dark', label: 'host.theme.dark' },
  { mode: 'system', label: 'host.theme.system' },
] as const;

export function ThemeToggle() {
  const { mode, setMode } = useColorScheme();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const t = useT();
  return (
    <>
      <IconButton
        aria-label={t('host.theme.toggle')}
        color="inherit"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {/* Both, one shown by the scheme's class on <html>: right in a pre-rendered page before any script. */}
        <SunIcon sx={(theme) => theme.applyStyles('dark', { display: 'none' })} />
        <MoonIcon sx={(theme) => ({ display: 'none', ...theme.applyStyles('dark', { display: 'inline-block' }) })} />
      </IconButton>
      <HeaderMenu
        anchor={anchor}
        onClose={() => setAnchor(null)}
        items={CHOICES.map((choice) => ({
          key: choice.mode,
          label: t(choice.label),
          selected: mode === choice.mode,
          onSelect: () => setMode(choice.mode),
        }))}
      />
    </>
  );
}
