import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useColorScheme } from '@mui/material/styles';
import { MoonIcon, SunIcon } from '@wallet/shared/ui/icons';

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
      <Menu anchorEl={anchor} open={Boolean(anchor)} onClose={() => setAnchor(null)}>
        {CHOICES.map((choice) => (
          <MenuItem
            key={choice.mode}
            selected={mode === choice.mode}
            onClick={() => {
              setMode(choice.mode);
              setAnchor(null);
            }}
          >
            {choice.label}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
