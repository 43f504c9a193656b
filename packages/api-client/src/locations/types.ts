/** A country of the locations list (spec §3). */
export interface Country {
  name: string;
  /** ISO 3166-1 alpha-2, the address's country value. */
  countryCode: string;
  geonameId: number;
}

/** A state or province of one country; `apo` marks the military states AA, AE and AP. */
export interface State {
  name: string;
  stateCode: string;
  geonameId: number;
  apo: boolean;
}

export interface City {
  name: string;
}
