export interface ShippingAddress {
  line1: string;
  line2: string;
  city: string;
  state: string;
  country: string;
  postalCode: string;
}

/** The signed-in user's profile (GET /me, spec §3 user profile claims). */
export interface Me {
  sub: string;
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  position: string;
  phone: string;
  phoneCountryCode: string;
  address: { shipping: ShippingAddress | null } | null;
  roles: string[];
  org: { name: string } | null;
  flags: { rma: { flatDiscountPercentage: number } };
}
