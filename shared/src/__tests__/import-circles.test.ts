import { spawnSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * `pnpm lint:circles` (dependency-cruiser) refuses the kind of circle ESLint's no-cycle lets
 * through: a type import one way and a dynamic import() the other, as the host's header menu had.
 */
const root = path.resolve(__dirname, '../../..');
// The root's devDependency, as `pnpm lint:circles` runs it (its package exports no bin path).
const depcruise = path.join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');

function cruise(files: Record<string, string>) {
  const folder = mkdtempSync(path.join(tmpdir(), 'wallet-circles-'));
  mkdirSync(path.join(folder, 'src'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(folder, 'src', name), text);
  return spawnSync(process.execPath, [depcruise, '--config', path.join(root, '.dependency-cruiser.cjs'), 'src'], {
    cwd: folder,
    encoding: 'utf8',
  });
}

test('a circle of a type import and a dynamic import fails', () => {
  const result = cruise({
    'menu.tsx': "export interface MenuProps { open: boolean }\nexport const loadList = () => import('./menu-list');\n",
    'menu-list.tsx': "import type { MenuProps } from './menu';\nexport default (props: MenuProps) => props.open;\n",
  });
  expect(result.status).not.toBe(0);
  expect(result.stdout).toMatch(/no-circular: src\/menu(-list)?\.tsx/);
});

test('the same two modules with the type in a third pass', () => {
  const result = cruise({
    'menu-props.ts': 'export interface MenuProps { open: boolean }\n',
    'menu.tsx':
      "export type { MenuProps } from './menu-props';\nexport const loadList = () => import('./menu-list');\n",
    'menu-list.tsx':
      "import type { MenuProps } from './menu-props';\nexport default (props: MenuProps) => props.open;\n",
  });
  expect(result.stdout).toContain('no dependency violations found');
  expect(result.status).toBe(0);
});
