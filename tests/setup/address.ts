/** A delivery address every checkout rule accepts (Rajahmundry, Andhra Pradesh), as the shipping form's values. */
export const VALID_ADDRESS = {
  firstName: "Asha",
  lastName: "Rao",
  phone: "9876543210",
  address: "12 Godavari Bund Road",
  city: "Rajahmundry",
  state: "Andhra Pradesh",
  zip: "533101",
};

/** A second customer's address (Dowleswaram), for tests that tell two customers apart. */
export const DOWLESWARAM_ADDRESS = {
  firstName: "Ravi",
  lastName: "Kumar",
  phone: "9848012345",
  address: "3-14 Lock Road",
  city: "Dowleswaram",
  state: "Andhra Pradesh",
  zip: "533125",
};
