import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  acceptStaffInviteInputSchema,
  envelopeSchema,
  idParamsSchema,
  inviteStaffInputSchema,
  staffInvitationSchema,
  staffListSchema,
  staffMemberSchema,
  updateStaffInputSchema,
  userSchema,
} from '@wallet/shared/contracts';
import { send } from '../lib/reply';
import { currentUser } from '../plugins/app/auth';
import { clientNetwork, sessionClient } from '../plugins/app/limits';
import { createSession } from '../identity/sessions';
import {
  acceptStaffInvitation,
  deactivateStaff,
  inviteStaff,
  listStaff,
  staffMemberOf,
  updateStaffRoles,
} from '../identity/staff';
import { toUser } from '../lib/dto';
import { errors } from './schemas';

/** Staff and their roles, under /admin: owners only (the route table, shared/src/contracts/staff.ts). */
export const adminStaffRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('preHandler', app.authorize('ADMIN'));

  app.get(
    '/staff',
    {
      schema: {
        tags: ['admin'],
        description: 'Staff members with their roles and last sign-in, and the invitations still waiting.',
        response: { 200: envelopeSchema(staffListSchema), ...errors.admin },
      },
    },
    async (_request, reply) => send(reply, 200, 'Staff retrieved', await listStaff(app.db)),
  );

  app.post(
    '/staff',
    {
      schema: {
        tags: ['admin'],
        description:
          'Invites a staff member by email with their roles: a link to /staff-invite is mailed, working once for 72 hours. An address that belongs to anyone is refused.',
        body: inviteStaffInputSchema,
        response: { 201: envelopeSchema(staffInvitationSchema), ...errors.admin },
      },
    },
    async (request, reply) =>
      send(
        reply,
        201,
        'Invitation sent',
        await inviteStaff(app.db, app.mailer, { adminId: currentUser(request).id }, request.body),
      ),
  );

  app.patch(
    '/staff/:id',
    {
      schema: {
        tags: ['admin'],
        description: "Replaces another member's roles; never one's own, and the last active owner stays an owner.",
        params: idParamsSchema,
        body: updateStaffInputSchema,
        response: { 200: envelopeSchema(staffMemberSchema), ...errors.admin },
      },
    },
    async (request, reply) => {
      const updated = await updateStaffRoles(
        app.db,
        { adminId: currentUser(request).id },
        request.params.id,
        request.body.roles,
      );
      return send(reply, 200, 'Roles changed', await staffMemberOf(app.db, updated));
    },
  );

  app.delete(
    '/staff/:id',
    {
      schema: {
        tags: ['admin'],
        description:
          'Deactivates another member: their sessions end on every instance at once, and their live streams at the next check. The last active owner stays.',
        params: idParamsSchema,
        response: { 200: envelopeSchema(staffMemberSchema), ...errors.admin },
      },
    },
    async (request, reply) => {
      const updated = await deactivateStaff(app.db, { adminId: currentUser(request).id }, request.params.id);
      return send(reply, 200, 'Staff member deactivated', await staffMemberOf(app.db, updated));
    },
  );
};

/** Under /auth: the invitee sets their password with the invitation's token, and is signed in. */
export const staffInviteRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/staff-invite',
    {
      // An anonymous write that hashes a password: limited per address, as sign-ins are.
      preHandler: app.limit({ name: 'staff-invite', max: app.config.rateLimits.loginPerAddress, key: clientNetwork }),
      schema: {
        tags: ['auth'],
        description:
          "Uses an invitation (its link's token) once: the member's account is made with its roles and the password given, and signed in.",
        body: acceptStaffInviteInputSchema,
        response: { 201: envelopeSchema(userSchema), ...errors.public, 404: errors.admin[404], 409: errors.admin[409] },
      },
    },
    async (request, reply) => {
      const member = await acceptStaffInvitation(app.db, request.body, app.passwords.cost);
      // Fresh: for five minutes the new member adds their first passkey with nothing more.
      const session = await createSession(app.db, member.id, app.sessionLimits, sessionClient(request), {
        reauthenticated: true,
      });
      app.setSessionCookie(request, reply, session.token, session.expiresAt);
      return send(reply, 201, 'Welcome to the staff', toUser(member));
    },
  );
};
