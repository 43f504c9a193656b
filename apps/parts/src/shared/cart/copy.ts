/** The carts' words. The three removal messages are spec §8's, word for word. */
export const CART_COPY = {
  removed: (part: string) => `${part} has been removed from the cart.`,
  unavailableToRemove: (part: string) => `${part} is unavailable to remove from the cart.`,
  actionFailed: 'There was an error performing this action.',
  cleared: 'Your cart is now empty.',
  added: (part: string) => `${part} has been added to the cart.`,
  badQuantity: 'Quantity must be a whole number from 1 to 999.',
  chooseSerials: 'Choose at least one unit for this part.',
  cartFull: 'A cart holds at most 100 lines. Order these first, or remove some.',
  tampered: (count: number) =>
    count === 1
      ? 'One item in your cart could not be read and was removed. Please add it again.'
      : `${count} items in your cart could not be read and were removed. Please add them again.`,
  changedElsewhere: 'Your cart was changed in another tab or window. It has been checked again; please review it before you place the order.',
  removedByServer: (why: string) => `${why} It was removed from your cart.`,
  notPriced: (part: string) => `Part ${part} could not be priced.`,
  detailsUpdated: (part: string) => `The details of ${part} were updated from the catalogue.`,
  reconciledTitle: 'Your cart was updated.',
} as const;
