import { create } from 'zustand';
import type { Role, User } from '@wallet/shared/contracts';

export type SessionStatus = 'loading' | 'signed-in' | 'signed-out';

interface SessionState {
  user: User | null;
  status: SessionStatus;
  setUser: (user: User | null) => void;
  signOut: () => void;
}

/** Who is signed in, loaded from GET /user/me by the host; one instance shared by every app. */
export const useSession = create<SessionState>()((set) => ({
  user: null,
  status: 'loading',
  setUser: (user) => set({ user, status: user?.email ? 'signed-in' : 'signed-out' }),
  signOut: () => set({ user: null, status: 'signed-out' }),
}));

export const selectRole = (state: SessionState): Role | undefined => state.user?.role;

/** A staff member's roles (what screens show them); undefined for anyone else, or an API without them. */
export const selectStaffRoles = (state: SessionState) =>
  state.user?.role === 'ADMIN' ? state.user.staffRoles : undefined;
