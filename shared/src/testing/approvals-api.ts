import { http } from 'msw';
import { z } from 'zod';
import { approvalSchema, type Approval, type User } from '@wallet/shared/contracts';
import { ok } from './envelopes';
import { server } from './server';

/** GET /admin/approvals answering `rows`, and each decision recorded as `path body`. */
export function approvalsApi(rows: Approval[], me: Pick<User, '_id' | 'name' | 'email'>) {
  const decided: string[] = [];
  server.use(
    http.get('*/api/v1/admin/approvals', () => ok(z.array(approvalSchema), rows, { message: 'Approvals retrieved' })),
    http.post('*/api/v1/admin/approvals/:id/:decision', async ({ request, params }) => {
      const body = request.headers.get('content-type') ? await request.text() : '';
      decided.push(`${String(params.decision)} ${String(params.id)} ${body}`.trim());
      const row = rows.find((candidate) => candidate._id === params.id)!;
      return ok(
        approvalSchema,
        {
          ...row,
          status: params.decision === 'approve' ? 'approved' : 'rejected',
          decidedBy: { _id: me._id, name: me.name, email: me.email },
        },
        { message: params.decision === 'approve' ? 'Approved and applied' : 'Proposal rejected' },
      );
    }),
  );
  return decided;
}
