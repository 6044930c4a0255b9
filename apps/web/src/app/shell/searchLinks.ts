import { screenHref } from '../../lib/features';
import { webFeatures } from '../features';

/**
 * Where a search result opens: the record's own screen, as its feature's manifest declares it (a path renamed there
 * moves the link too; a page no manifest declares stops here, not at a user's click).
 */
function companyScreenPath(page: string): string {
  const screen = webFeatures.flatMap((feature) => feature.screens).find((each) => each.scope === 'company' && each.page === page);
  if (!screen) throw new Error(`no company screen renders ${page}`);
  return screen.path;
}

/** The path with its one parameter (`$bookingId`) filled. */
const withId = (path: string, id: number) => path.replace(/\$[A-Za-z]+/, String(id));

export const searchHrefs = {
  booking: (companyId: number, id: number) => screenHref('company', withId(companyScreenPath('BookingPage'), id), companyId),
  driver: (companyId: number, id: number) => screenHref('company', withId(companyScreenPath('DriverPage'), id), companyId),
  /** The agency's form for a role that may change it, else its statement (what a reader may open). */
  agency: (companyId: number, id: number, mayEdit: boolean) =>
    screenHref('company', withId(companyScreenPath(mayEdit ? 'AgencyEditPage' : 'AgencyStatementPage'), id), companyId),
};
