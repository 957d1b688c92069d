import { z } from 'zod';
import { idSchema } from './common';
import { registerInputSchema, STAFF_ROLES, type StaffRole, staffRoleSchema } from './user';

/** The roles that read people: names, emails, wallets and transaction lists. */
export const PEOPLE_READERS = ['SUPPORT', 'COMPLIANCE', 'FINANCE'] as const satisfies readonly StaffRole[];
/** Every role: what any staff member may open (the dashboard's figures, the releases list). */
const ANY_STAFF = STAFF_ROLES;

/**
 * Every admin route and the staff roles that may call it (any one of them suffices), by method
 * and full path as Fastify names it. One table: the API enforces it (plugins/app/auth.ts, which
 * also refuses to start with an admin route missing here), `/api/docs` shows it, and the admin
 * screens hide what it would refuse. A route that needs a role for part of what it does checks
 * that part itself: PATCH /admin/disputes/:id needs FINANCE to reverse.
 */
export const STAFF_ROUTE_ROLES = {
  'GET /api/v1/admin/users': PEOPLE_READERS,
  'GET /api/v1/admin/agents': PEOPLE_READERS,
  'GET /api/v1/admin/transactions': PEOPLE_READERS,
  'GET /api/v1/admin/analytics': ANY_STAFF,
  'GET /api/v1/admin/audit-log': ['OWNER', ...PEOPLE_READERS],
  'GET /api/v1/admin/admins': ['OWNER', ...PEOPLE_READERS],
  'PATCH /api/v1/admin/approve/:id': ['COMPLIANCE'],
  'PATCH /api/v1/admin/suspend/:id': ['SUPPORT'],
  'PATCH /api/v1/admin/reactivate/:id': ['SUPPORT'],
  'PATCH /api/v1/admin/verify/:id': ['COMPLIANCE'],
  'GET /api/v1/admin/unverified': ['COMPLIANCE'],
  'GET /api/v1/admin/kyc': ['COMPLIANCE'],
  'GET /api/v1/admin/merchant-applications': ['COMPLIANCE'],
  'PATCH /api/v1/admin/merchant-applications/:id': ['COMPLIANCE'],
  'PATCH /api/v1/admin/kyc/:id': ['COMPLIANCE'],
  'PATCH /api/v1/admin/block/:walletId': ['SUPPORT'],
  'PATCH /api/v1/admin/unblock/:walletId': ['SUPPORT'],
  'GET /api/v1/admin/limits': PEOPLE_READERS,
  'PUT /api/v1/admin/limits/:holder/:scope': ['FINANCE'],
  'PATCH /api/v1/admin/pin-unlock/:id': ['SUPPORT'],
  'GET /api/v1/admin/fees': PEOPLE_READERS,
  'PUT /api/v1/admin/fees/:type': ['FINANCE'],
  'POST /api/v1/admin/reverse/:id': ['FINANCE'],
  'GET /api/v1/admin/commission-float': ['OWNER', 'FINANCE'],
  'POST /api/v1/admin/commission-float': ['OWNER'],
  'GET /api/v1/admin/approvals': ['FINANCE'],
  'POST /api/v1/admin/approvals/:id/approve': ['FINANCE'],
  'POST /api/v1/admin/approvals/:id/reject': ['FINANCE'],
  'GET /api/v1/admin/disputes': ['SUPPORT', 'FINANCE'],
  'PATCH /api/v1/admin/disputes/:id': ['SUPPORT', 'FINANCE'],
  'GET /api/v1/admin/staff': ['OWNER'],
  'POST /api/v1/admin/staff': ['OWNER'],
  'PATCH /api/v1/admin/staff/:id': ['OWNER'],
  'DELETE /api/v1/admin/staff/:id': ['OWNER'],
  'GET /api/v1/wallet/user/:userId': PEOPLE_READERS,
  'GET /api/v1/releases': ANY_STAFF,
  'GET /api/v1/releases/access': ANY_STAFF,
  'POST /api/v1/releases': ['DEPLOYER'],
  'POST /api/v1/releases/:area/activate': ['DEPLOYER'],
  'POST /api/v1/releases/:area/rollout': ['DEPLOYER'],
  'POST /api/v1/releases/:area/promote': ['DEPLOYER'],
  'POST /api/v1/releases/:area/rollback': ['DEPLOYER'],
  'GET /api/v1/releases/tokens': ['DEPLOYER'],
  'POST /api/v1/releases/tokens': ['DEPLOYER'],
  'DELETE /api/v1/releases/tokens/:id': ['DEPLOYER'],
  'GET /api/v1/releases/deployers': ['OWNER', 'DEPLOYER'],
  'PATCH /api/v1/releases/deployers/:id': ['OWNER'],
  'POST /api/v1/auth/passkey/code': ANY_STAFF,
  'POST /api/v1/auth/recovery': ANY_STAFF,
} as const satisfies Record<string, readonly StaffRole[]>;
export type StaffRoute = keyof typeof STAFF_ROUTE_ROLES;

/** The path prefixes whose every route must be in STAFF_ROUTE_ROLES (checked as routes are added). */
export const STAFF_ROUTE_PREFIXES = ['/api/v1/admin/', '/api/v1/releases'] as const;

/**
 * The roles a route needs, or undefined for a route that is not an admin route. `url` is the
 * route's pattern; a trailing slash (a prefix's own '/' route) names the same route.
 */
export function staffRolesFor(method: string, url: string): readonly StaffRole[] | undefined {
  const path = url.length > 1 && url.endsWith('/') ? url.slice(0, -1) : url;
  return (STAFF_ROUTE_ROLES as Record<string, readonly StaffRole[]>)[`${method} ${path}`];
}

/** Whether a member holding `held` may call the route (`method`, Fastify's `url` pattern). */
export function staffMayCall(held: readonly StaffRole[], method: string, url: string) {
  const needed = staffRolesFor(method, url);
  return needed !== undefined && needed.some((role) => held.includes(role));
}

/**
 * Whether a member holding `held` may use `route`, for a screen deciding what to show (the API
 * decides what is done). Roles unknown (an API from before staff roles) show everything.
 */
export function staffMayUse(held: readonly StaffRole[] | undefined, route: StaffRoute) {
  if (!held) return true;
  const [method, url] = route.split(' ') as [string, string];
  return staffMayCall(held, method, url);
}

/** Where an invitation's link opens, and for how long it works. */
export const STAFF_INVITE_PAGE = '/staff-invite';
export const STAFF_INVITE_HOURS = 72;

const rolesSchema = z
  .array(staffRoleSchema)
  .min(1, { error: 'Choose at least one role' })
  .max(STAFF_ROLES.length)
  .refine((roles) => new Set(roles).size === roles.length, { error: 'Each role at most once' });

/** POST /admin/staff: an owner invites a member by email, with their roles. */
export const inviteStaffInputSchema = z.strictObject({
  name: registerInputSchema.shape.name,
  email: registerInputSchema.shape.email,
  roles: rolesSchema,
});
export type InviteStaffInput = z.infer<typeof inviteStaffInputSchema>;

/** PATCH /admin/staff/{id}: a member's roles, all of them (the set replaces the one held). */
export const updateStaffInputSchema = z.strictObject({ roles: rolesSchema });
export type UpdateStaffInput = z.infer<typeof updateStaffInputSchema>;

/** POST /auth/staff-invite: the invitation's token (from its link) and the new member's password. */
export const acceptStaffInviteInputSchema = z.strictObject({
  token: z.string().min(1).max(128),
  password: registerInputSchema.shape.password,
});
export type AcceptStaffInviteInput = z.infer<typeof acceptStaffInviteInputSchema>;

/** A staff member, as the Staff screen lists them. */
export const staffMemberSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
  roles: z.array(staffRoleSchema),
  isActive: z.boolean(),
  /** When they last signed in (ISO), or null if never since this was recorded. */
  lastSignInAt: z.string().nullable(),
  /** How many passkeys they hold. */
  passkeys: z.number().int(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** An invitation sent and not yet used (its token is only ever in the mail). */
export const staffInvitationSchema = z.object({
  _id: idSchema,
  name: z.string(),
  email: z.string(),
  roles: z.array(staffRoleSchema),
  expiresAt: z.string(),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;

export const staffListSchema = z.object({
  members: z.array(staffMemberSchema),
  invitations: z.array(staffInvitationSchema),
});
export type StaffList = z.infer<typeof staffListSchema>;

/** Staff and invitations: each code with its status and the message people read. */
export const STAFF_ERRORS = {
  STAFF_EMAIL_TAKEN: {
    status: 409,
    message: 'This email belongs to a user, an agent or a staff member: invite another address',
  },
  STAFF_NOT_FOUND: { status: 404, message: 'Staff member not found' },
  OWN_STAFF_ROLES: { status: 403, message: 'Nobody can change their own roles or deactivate themselves' },
  STAFF_ALREADY_INACTIVE: { status: 409, message: 'This staff member is already deactivated' },
  STAFF_DEACTIVATED: { status: 403, message: 'This staff account is deactivated' },
  INVITE_INVALID: { status: 400, message: 'This invitation link is not valid: ask for a new one' },
  INVITE_USED: { status: 400, message: 'This invitation was already used: sign in instead' },
  INVITE_EXPIRED: { status: 400, message: 'This invitation has expired: ask for a new one' },
  DISPUTE_REVERSAL_NEEDS_FINANCE: {
    status: 403,
    message: 'Only finance staff may reverse a transfer: reject the report, or pass it to finance',
  },
} as const;
