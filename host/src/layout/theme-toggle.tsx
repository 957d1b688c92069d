import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import { useColorScheme } from '@mui/material/styles';
import { MoonIcon, SunIcon } from '@wallet/shared/ui/kit/icons';
import { HeaderMenu } from './header-menu';

const CHOICES = [
  { mode: 'light', label: 'Light' },
  { mode: 'dark', label: 'Dark' },
  { mode: 'system', label: 'System' },
] as const;

export function ThemeToggle() {
  const { mode, colorScheme, setMode } = useColorScheme();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <IconButton aria-label="Toggle theme" color="inherit" onClick={(event) => setAnchor(event.currentTarget)}>
        {colorScheme === 'dark' ? <MoonIcon /> : <SunIcon />}
      </IconButton>
      <HeaderMenu
        anchor={anchor}
        onClose={() => setAnchor(null)}
        items={CHOICES.map((choice) => ({
          key: choice.mode,
          label: choice.label,
          selected: mode === choice.mode,
          onSelect: () => setMode(choice.mode),
        }))}
      />
    </>
  );
}
