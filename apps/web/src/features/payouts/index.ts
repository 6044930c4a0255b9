/**
 * Driver payouts (issue 8, section 2): the section of the driver's page. The driver's page is its only user,
 * so it comes in the drivers chunk; its messages load beside the drivers' before the page renders.
 */
import { messagesLoaded } from './messages';

await messagesLoaded;

export { PayoutsSection } from './PayoutsSection';
