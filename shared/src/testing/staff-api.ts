import { http } from 'msw';
import {
  inviteStaffInputSchema,
  STAFF_ERRORS,
  staffInvitationSchema,
  staffListSchema,
  staffMemberSchema,
  type StaffInvitation,
  type StaffMember,
  updateStaffInputSchema,
} from '@wallet/shared/contracts';
import { fail, ok, validationFailed } from './envelopes';
import { fixtureId } from './fixtures';
import { server } from './server';

/** A staff member as GET /admin/staff lists them. */
export function staffMember(n: number, fields: Partial<StaffMember> = {}): StaffMember {
  return {
    _id: fixtureId(900 + n),
    name: `Member ${n}`,
    email: `member${n}@example.com`,
    roles: ['SUPPORT'],
    isActive: true,
    lastSignInAt: '2025-06-01T09:00:00.000Z',
    passkeys: 0,
    createdAt: '2025-05-01T09:00:00.000Z',
    ...fields,
  };
}

/**
 * The owners' staff calls in memory, answering as the API does: the list, an invitation (the
 * contract's schema; an address already listed is 409 STAFF_EMAIL_TAKEN), roles replaced, a
 * member deactivated; `selfId`'s own row is refused (OWN_STAFF_ROLES). `sent` is what the screen sent.
 */
export function staffApi({ members = [staffMember(1)], selfId }: { members?: StaffMember[]; selfId?: string } = {}) {
  const state = {
    members,
    invitations: [] as StaffInvitation[],
    sent: [] as { method: string; path: string; body: unknown }[],
  };
  const own = (id: string) =>
    id === selfId ? fail(403, STAFF_ERRORS.OWN_STAFF_ROLES.message, undefined, 'OWN_STAFF_ROLES') : null;
  server.use(
    http.get('*/api/v1/admin/staff', () =>
      ok(staffListSchema, { members: state.members, invitations: state.invitations }, { message: 'Staff retrieved' }),
    ),
    http.post('*/api/v1/admin/staff', async ({ request }) => {
      const body: unknown = await request.json().catch(() => undefined);
      state.sent.push({ method: 'POST', path: '/admin/staff', body });
      const input = inviteStaffInputSchema.safeParse(body);
      if (!input.success) return validationFailed(input.error);
      if (state.members.some((member) => member.email === input.data.email)) {
        return fail(409, STAFF_ERRORS.STAFF_EMAIL_TAKEN.message, undefined, 'STAFF_EMAIL_TAKEN');
      }
      const invitation = {
        _id: fixtureId(950 + state.invitations.length),
        ...input.data,
        expiresAt: '2025-06-04T09:00:00.000Z',
      };
      state.invitations.push(invitation);
      return ok(staffInvitationSchema, invitation, { status: 201, message: 'Invitation sent' });
    }),
    http.patch('*/api/v1/admin/staff/:id', async ({ request, params }) => {
      const body: unknown = await request.json().catch(() => undefined);
      const id = String(params.id);
      state.sent.push({ method: 'PATCH', path: `/admin/staff/${id}`, body });
      const refused = own(id);
      if (refused) return refused;
      const input = updateStaffInputSchema.safeParse(body);
      if (!input.success) return validationFailed(input.error);
      state.members = state.members.map((member) =>
        member._id === id ? { ...member, roles: input.data.roles } : member,
      );
      return ok(
        staffMemberSchema,
        state.members.find((member) => member._id === id)!,
        { message: 'Roles changed' },
      );
    }),
    http.delete('*/api/v1/admin/staff/:id', ({ params }) => {
      const id = String(params.id);
      state.sent.push({ method: 'DELETE', path: `/admin/staff/${id}`, body: undefined });
      const refused = own(id);
      if (refused) return refused;
      state.members = state.members.map((member) =>
        member._id === id ? { ...member, isActive: false, roles: [] } : member,
      );
      return ok(
        staffMemberSchema,
        state.members.find((member) => member._id === id)!,
        {
          message: 'Staff member deactivated',
        },
      );
    }),
  );
  return state;
}

/**
 * POST /auth/staff-invite answered with `answer` (an envelope from `ok` or `fail`); the bodies the
 * page sent are kept, so a test sees that nothing is posted on load.
 */
export function staffInviteAnswers(answer: () => Response) {
  const sent: unknown[] = [];
  server.use(
    http.post('*/api/v1/auth/staff-invite', async ({ request }) => {
      sent.push(await request.json());
      return answer();
    }),
  );
  return sent;
}
