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
