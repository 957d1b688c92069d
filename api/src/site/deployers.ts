import { and, asc, eq, sql } from 'drizzle-orm';
import { RELEASE_ERRORS } from '@wallet/shared/contracts';
import { type Deployer } from '@wallet/shared/contracts/releases';
import type { Database, Executor } from '../db/client';
import { tableError } from '../lib/api-errors';
import { users } from '../db/schema';
import { recordAudit } from '../lib/audit';

/** Whether the row's staff roles hold DEPLOYER. */
const deploys = sql<boolean>`'DEPLOYER' = any(${users.staffRoles})`;

/** Every active staff member, and whether they hold DEPLOYER: a view of the staff table. */
export async function listDeployers(db: Executor): Promise<Deployer[]> {
  const rows = await db
    .select({ _id: users.id, name: users.name, email: users.email, deployer: deploys })
    .from(users)
    .where(and(eq(users.role, 'ADMIN'), eq(users.isActive, true)))
    .orderBy(asc(users.name), asc(users.id))
    .limit(200);
  return rows;
}

/**
 * Grants or revokes DEPLOYER, one of the staff roles (identity/staff.ts changes the whole set):
 * by an owner (the route table asks for OWNER), never to themselves: putting code in front of
 * every user takes two people, the one who deploys and an owner who said they may. Audited in the
 * same transaction (deployer_grant, deployer_revoke). The row is locked, so two owners deciding at
 * once are recorded in turn, and a change to what already holds is refused rather than recorded.
 */
export async function setDeployer(db: Database, adminId: string, targetId: string, deployer: boolean) {
  if (adminId === targetId) throw tableError(RELEASE_ERRORS, 'OWN_DEPLOY_PERMISSION');
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id, role: users.role, isActive: users.isActive, deployer: deploys })
      .from(users)
      .where(eq(users.id, targetId))
      .for('update');
    if (!target || target.role !== 'ADMIN' || !target.isActive) throw tableError(RELEASE_ERRORS, 'ADMIN_NOT_FOUND');
    if (target.deployer === deployer) {
      throw tableError(RELEASE_ERRORS, deployer ? 'ALREADY_DEPLOYS' : 'DOES_NOT_DEPLOY');
    }
    const [updated] = await tx
      .update(users)
      .set({
        staffRoles: deployer
          ? sql`array_append(${users.staffRoles}, 'DEPLOYER'::staff_role)`
          : sql`array_remove(${users.staffRoles}, 'DEPLOYER'::staff_role)`,
      })
      .where(and(eq(users.id, targetId), eq(users.role, 'ADMIN')))
      .returning({ _id: users.id, name: users.name, email: users.email, deployer: deploys });
    await recordAudit(tx, {
      action: deployer ? 'deployer_grant' : 'deployer_revoke',
      adminId,
      targetUserId: targetId,
    });
    return updated!;
  });
}
