/** The prices feature's lazy chunk: the price grid (route prices, defaults, copying a season) and the list. */
import './messages';

export { LocationPriceCreatePage, LocationPriceEditPage } from './LocationPriceFormPage';
export { LocationPricesListPage } from './LocationPricesListPage';
export { PriceGridPage } from './PriceGridPage';
