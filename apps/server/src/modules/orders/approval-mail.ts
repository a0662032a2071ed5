import { formatRupees } from '@shop/domain/money';
import type { Order } from '@shop/domain/orders';
import { countOf } from '@shop/domain/plural';
import type { Db } from '../../db/client.ts';
import type { Mail, Mailer } from '../../lib/mailer.ts';
import { businessApprovers } from '../businesses/buyer-accounts.service.ts';

/**
 * Issue 37: what an Approver is told of. An Orderer's order that waits for approval (placed above
 * their limit), and every resubmission of it: a changed order must not be approved on the strength
 * of what the Approver saw before. The mail links to Pending Approvals and carries nothing that acts
 * on its own (no approval link, no token): the Approver signs in and decides there.
 */
export type PendingNews = { kind: 'placed'; order: Order } | { kind: 'resubmitted'; order: Order; wasTotal: string };

/** Where the Approver decides: /pending of the shop's public address (PUBLIC_URL). */
export const pendingApprovalsUrl = (publicUrl = 'http://localhost:3000') => new URL('/pending', publicUrl).toString();

export function approvalMail(to: { email: string; name: string }, news: PendingNews, pendingUrl: string): Mail {
  const o = news.order;
  const size = `${countOf(o.order_details.length, 'line', 'lines')}, ${formatRupees(o.total_price)}, paying ${o.payment_mode}`;
  const sign = ['', 'Wholesale Shop'];
  if (news.kind === 'placed') {
    return {
      to: to.email,
      subject: `Order ${o.order_number} waits for your approval`,
      text: [
        `Dear ${to.name},`,
        '',
        `${o.order_by} placed order ${o.order_number} for ${o.business_name} (${size}). It is above their limit and waits for an Approver.`,
        '',
        `Review it, then approve or reject it under Pending Approvals: ${pendingUrl}`,
        ...sign,
      ].join('\n'),
    };
  }
  const change = `${o.order_by} changed order ${o.order_number}: it now totals ${formatRupees(o.total_price)} (was ${formatRupees(news.wasTotal)}), ${size}.`;
  if (o.status !== 'Pending') {
    return {
      to: to.email,
      subject: `Order ${o.order_number} no longer waits for your approval`,
      text: [`Dear ${to.name},`, '', change, 'It is now within their limit and went ahead without approval.', ...sign].join('\n'),
    };
  }
  return {
    to: to.email,
    subject: `Order ${o.order_number} was changed and waits for your approval`,
    text: [
      `Dear ${to.name},`,
      '',
      change,
      'If you had it open, look at it again before you decide: an approval of the order as it was is refused.',
      '',
      `Pending Approvals: ${pendingUrl}`,
      ...sign,
    ].join('\n'),
  };
}

/**
 * Queues the mail to each Approver of the order's business (the outbox; the mail worker delivers it).
 * After the order's transaction, like the order desk's mails: the order stands whatever the mail does.
 */
export async function notifyApprovers(db: Db, mailer: Mailer, pendingUrl: string, news: PendingNews): Promise<void> {
  for (const approver of await businessApprovers(db, news.order.business_id)) {
    await mailer.send(approvalMail(approver, news, pendingUrl)).catch(() => {});
  }
}
