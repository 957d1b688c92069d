import { and, asc, eq } from 'drizzle-orm';
import { type Deployer, RELEASE_ERRORS } from '@wallet/shared/contracts';
import type { Database, Executor } from '../db/client';
import { tableError } from '../lib/api-errors';
import { users } from '../db/schema';
import { recordAudit } from '../lib/audit';

/** Every admin, and whether they hold DEPLOYER. */
export async function listDeployers(db: Executor): Promise<Deployer[]> {
  const rows = await db
    .select({ _id: users.id, name: users.name, email: users.email, deployer: users.canDeploy })
    .from(users)
    .where(eq(users.role, 'ADMIN'))
    .orderBy(asc(users.name), asc(users.id))
    .limit(200);
  return rows;
}

/**
 * Grants or revokes DEPLOYER, audited in the same transaction (deployer_grant, deployer_revoke).
 * Never by an admin to themselves: putting code in front of every user takes two people, the one
 * who deploys and another admin who said they may. The row is locked, so two admins deciding at
 * once are recorded in turn, and a change to what already holds is refused rather than recorded.
 */
export async function setDeployer(db: Database, adminId: string, targetId: string, deployer: boolean) {
  if (adminId === targetId) throw tableError(RELEASE_ERRORS, 'OWN_DEPLOY_PERMISSION');
  return db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id, role: users.role, deployer: users.canDeploy })
      .from(users)
      .where(eq(users.id, targetId))
      .for('update');
    if (!target || target.role !== 'ADMIN') throw tableError(RELEASE_ERRORS, 'ADMIN_NOT_FOUND');
    if (target.deployer === deployer) {
      throw tableError(RELEASE_ERRORS, deployer ? 'ALREADY_DEPLOYS' : 'DOES_NOT_DEPLOY');
    }
    const [updated] = await tx
      .update(users)
      .set({ canDeploy: deployer })
      .where(and(eq(users.id, targetId), eq(users.role, 'ADMIN')))
      .returning({ _id: users.id, name: users.name, email: users.email, deployer: users.canDeploy });
    await recordAudit(tx, {
      action: deployer ? 'deployer_grant' : 'deployer_revoke',
      adminId,
      targetUserId: targetId,
    });
    return updated!;
  });
}
