/** A retail shipping office where a unit can be dropped off (packaging option 'qr'). */
export interface ShippingOffice {
  id: string;
  name: string;
  line1: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  distanceMiles: number;
  hours: string;
  lat: number;
  lng: number;
}

/** Who and where the offices are looked up for (the contact and address of the RMA). */
export interface OfficeQuery {
  firstName: string;
  lastName: string;
  line1: string;
  line2: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
}
