/**
 * Saved addresses: the checkout's choice of a saved address, and the profile's list, edit and delete. They name
 * no product, and only the checkout and the profile's pages use them, so they stay out of the catalogue every
 * page loads.
 */
export const addressMessages = {
  choiceLegend: "Deliver to",
  newAddress: "A new address",
  savedNotice: "The address you use at checkout is saved to your account for next time.",
  notYours: "That saved address is not in your account. Please choose another address.",
  unusable: "Your saved address can no longer be used: {problem} Please edit it on your profile or enter a new address.",
  heading: "Saved addresses",
  intro: "The addresses of your orders, offered at checkout. We keep the {max} you used most recently.",
  empty: "No saved addresses yet. The address of your next order is saved here.",
  lastUsed: "Last used",
  edit: "Edit",
  editLabel: "Edit the address {name}, {address}",
  delete: "Delete",
  deleteLabel: "Delete the address {name}, {address}",
  deleteQuestion: "Delete this address? Your orders keep their own copy of it.",
  deleteConfirm: "Yes, delete this address",
  deleting: "Deleting...",
  deleted: "Address deleted.",
  editTitle: "Edit address",
  save: "Save address",
  saving: "Saving...",
  saved: "Address saved.",
  duplicate: "You already have this address saved.",
  backToProfile: "← Back to My Profile",
} as const;
