/** The price rules feature's lazy chunk. */
import { messagesLoaded } from './messages';

// The screens render only once their messages are in (a top-level await holds the chunk's import).
await messagesLoaded;

export { PriceRuleSimulationPage } from './SimulationPage';
export { PriceRuleCreatePage, PriceRuleEditPage, PriceRulesListPage } from './screens';
