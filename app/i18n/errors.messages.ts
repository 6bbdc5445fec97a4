/**
 * The error pages' words, in the catalogue like every other string; the error page also reads them directly
 * for the one case without a catalogue: when the root loader itself failed.
 */
export const errorMessages = {
  notFound: {
    heading: "Oops! Page not found",
    text: "The page you are looking for does not exist or has moved.",
    home: "Return to Home",
  },
  error: {
    heading: "Unexpected Application Error!",
    text: "Something went wrong on our side. Please try again in a moment.",
    retry: "Try again",
    home: "Return to Home",
  },
  tooLarge: {
    heading: "That was too much to send",
    text: "This form takes a few lines of text, and what was sent was far larger. Go back to the page and send it again.",
    home: "Back to the page",
  },
  crossSite: {
    heading: "This form came from another site",
    text: "For your safety this store only accepts forms sent from its own pages, so nothing was changed. Open the page on our site and send it again.",
    home: "Go to the store",
  },
};
