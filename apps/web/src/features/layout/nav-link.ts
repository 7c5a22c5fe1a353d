/** A link of the site navigation, already in the visitor's locale. */
export interface NavLink {
  href: string;
  label: string;
}
