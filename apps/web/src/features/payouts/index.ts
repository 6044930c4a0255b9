/**
 * Driver payouts: the section of the driver's page (issue 8, section 2) and the payroll screen (issue 21,
 * section 9). Its messages load with the chunk, before either renders.
 */
import { messagesLoaded } from './messages';

await messagesLoaded;

export { PayoutsSection } from './PayoutsSection';
export { PayrollPage } from './PayrollPage';
