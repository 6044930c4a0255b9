import { Badge } from '@mantine/core';
import type { MailState } from '@ps/contracts';

/** Queued and sending wait, sent is done, failed needs a look: the dot's colour, the words beside it. */
const stateColours: Record<MailState, string> = { queued: 'blue', sending: 'yellow', sent: 'green', failed: 'red' };

/** A message's delivery state, as the outbox and a booking's mail section show it; `label` in the user's language. */
export function MailStateBadge({ state, label }: { state: MailState; label: string }) {
  return (
    <Badge variant="dot" color={stateColours[state]} size="lg" tt="none" data-state={state} miw="max-content">
      {label}
    </Badge>
  );
}
