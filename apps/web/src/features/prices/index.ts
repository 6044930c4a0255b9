/** The prices feature's lazy chunk: the price grid (route prices, defaults, copying a season) and the list. */
import { messagesLoaded } from './messages';

// The screens render only once their messages are in (a top-level await holds the chunk's import).
await messagesLoaded;

export { LocationPriceCreatePage, LocationPriceEditPage } from './LocationPriceFormPage';
export { LocationPricesListPage } from './LocationPricesListPage';
export { PriceGridPage } from './PriceGridPage';
