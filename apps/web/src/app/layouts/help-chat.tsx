import { helpDigits } from '@shop/domain/account';
import { MessageCircle } from 'lucide-react';
import { useSession } from '../../lib/session.tsx';
import { useSiteContent } from './site-content.ts';

// SPEC 1: the help-chat widget uses the signed-in user's help_no with spaces and non-digits removed.
const DEFAULT_HELP_NO = '923000000000';

export function HelpChat() {
  const { user } = useSession();
  // Issue 19: the shop's help number staff set stands when the user has none (and for guests).
  const shop = useSiteContent().data?.help_no;
  const number = helpDigits(user?.help_no) || helpDigits(shop) || DEFAULT_HELP_NO;
  return (
    <a
      href={`https://wa.me/${number}`}
      target="_blank"
      rel="noopener noreferrer"
      data-help-number={number}
      aria-label="Chat with us for help"
      className="fixed right-4 bottom-4 z-40 flex h-12 w-12 items-center justify-center rounded-full bg-green-700 text-white shadow-lg hover:bg-green-800"
    >
      <MessageCircle aria-hidden="true" className="h-6 w-6" />
    </a>
  );
}
