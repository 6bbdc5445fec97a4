import { notificationMessages } from "./admin.messages";
import { checkoutMessages } from "./checkout.messages";
import { errorMessages } from "./errors.messages";
import { productName, type Lang } from "./lang";

/**
 * The message catalogue: every visible interface string, in English for now (Telugu follows). Tests look
 * for many word for word; `{product}` is filled from configuration. The strings of the admin pages,
 * live bidding, payments and the server's account answers (admin, auction-live, pay and account .messages.ts)
 * name no product and are imported by the few pages and modules that use them, so the pages every shopper
 * loads do not carry them.
 */
export const en = {
  nav: {
    home: "Home",
    blogs: "Blogs",
    freshCatch: "Fresh Catch",
    auctions: "Auctions",
    login: "Login",
    signUp: "Sign Up",
    profile: "Profile",
    myOrders: "My Orders",
    logout: "Logout",
    adminDashboard: "Admin Dashboard",
    cart: "Cart",
    menu: "Menu",
    mainNavigation: "Main navigation",
    skipToContent: "Skip to content",
    theme: "Theme",
    themeLight: "Light",
    themeDark: "Dark",
    themeSystem: "System",
  },
  footer: {
    tagline: "Fresh {product} from the Godavari, caught in season and brought to your door.",
    quickLinks: "Quick Links",
    customerCare: "Customer Care",
    contact: "Contact Us",
    whatsapp: "WhatsApp Support",
    phone: "Phone",
    email: "Email",
    follow: "Follow us",
    appComingSoon: "App Coming Soon",
    appText: "Order, track and bid from your phone. Our app for Android and iPhone is on its way.",
    badgeBestSeafood: "Best Seafood 2025",
    badgeCertifiedFresh: "Certified Fresh",
    badgeColdChain: "Cold Chain Delivery",
    rights: "All rights reserved.",
    servingAreas: "Serving Andhra Pradesh and Telangana",
    badges: "Badges",
    helpSupport: "Help & Support",
    deliveryInfo: "Delivery Information",
    returnsRefunds: "Returns & Refunds",
    terms: "Terms & Conditions",
    privacy: "Privacy Policy",
  },
  home: {
    headline: "The Royal Taste of Godavari",
    orderFresh: "Order Fresh {product}",
    seeJourney: "See {product} Journey",
    storyHeading: "A Legacy of Excellence",
    readFullStory: "Read Full Story →",
    hideStory: "Hide Story",
    step: "Step {n}",
    orderYour: "Order Your {product}",
    learnMore: "Learn More",
    productsHeading: "Fresh From Our Waters",
    productsIntro: "Caught in season on the Godavari and priced per kg. Reserve yours with a ₹500 token advance.",
    viewAllProducts: "View All Products",
  },
  products: {
    heading: "Fresh Catch",
    intro: "Every {product} we sell, caught fresh from the Godavari. Prices are per kg; the final price follows the actual weight.",
    perKg: "per kg",
    inStock: "{n} kg available",
    addToCart: "Add to Cart",
    outOfStock: "Out of Stock",
    soldOutToday: "Sold out today",
    soldOutOn: "Sold out for {date}",
    leftFor: "{qty} left for {date}",
    nextWithStock: "Next available: {date} ({qty})",
    noneComing: "No catch planned for the coming days",
    today: "today",
    tomorrow: "tomorrow",
    details: "Details",
    empty: "No products are available right now. Please check back during the season.",
    failed: "Failed to load products",
  },
  cart: {
    loginToAdd: "Please login to add items to cart",
    added: "{name} added to cart",
    cannotAdd: "This product cannot be added to the cart right now.",
  },
  blog: {
    heading: "Stories from the Godavari",
    intro: "Culture, health, recipes and the river: everything about {product}.",
    readMore: "Read article",
    minutesRead: "{n} min read",
    notFound: "Blog not found.",
    back: "← Back to Blogs",
    comingSoon: "This article is being written. Please check back soon.",
  },
  policy: {
    updated: "Last updated {date}",
    onThisPage: "On this page",
  },
  auctions: {
    heading: "Live Auctions",
    subtitle: "Bid on premium {product} fish and other seafood products",
    loading: "Loading auctions...",
    error: "Error: {message}",
    empty: "No auctions available at the moment.",
    failed: "Failed to fetch auctions",
    currentBid: "Current Bid",
    ends: "Ends",
    ended: "Ended",
    bids: "{n} bids",
    oneBid: "1 bid",
    viewDetails: "View Details",
    active: "Active",
    placeholderAlt: "No image for this auction",
    loadingOne: "Loading auction...",
    notFound: "Auction not found",
    currentPrice: "Current Price",
    winningBid: "Winning bid",
    startingPrice: "Starting price",
    totalBids: "Total Bids",
    endsOn: "Ends on",
    auctionEnded: "Auction ended",
    seller: "Seller",
    unknownSeller: "Unknown Seller",
    placeYourBid: "Place Your Bid",
    bidHint: "Enter an amount higher than the current price",
    bidAmount: "Your bid (₹)",
    placeBid: "Place Bid",
    placingBid: "Placing Bid...",
    loginToBid: "Please login to place a bid",
    biddingSoon: "Online bidding opens soon. To bid on this lot now, call or WhatsApp us on",
    bidHistory: "Bid History",
    noBids: "No bids yet. Be the first to bid.",
    backToAuctions: "Back to Auctions",
  },
  notFound: errorMessages.notFound,
  error: errorMessages.error,
  auth: {
    loginTitle: "Welcome back",
    loginSubtitle: "Sign in to order fresh {product} and bid in live auctions.",
    email: "Email",
    password: "Password",
    signIn: "Sign in",
    signingIn: "Signing in...",
    noAccount: "New here?",
    createAccount: "Create an account",
    or: "or",
    continueWithGoogle: "Continue with Google",
    loginSuccess: "Login successful!",
    badCredentials: "Invalid email or password",
    loginFailed: "An error occurred during login",
    signupTitle: "Create your account",
    signupSubtitle: "It takes a minute. We will e-mail you a code to confirm your address.",
    fullName: "Full name",
    phoneOptional: "Phone (optional)",
    phoneHint: "Your 10-digit mobile number, for example 98480 12345",
    addressOptional: "Address (optional)",
    passwordHint: "At least 8 characters",
    createAccountButton: "Create account",
    creatingAccount: "Creating account...",
    haveAccount: "Already have an account?",
    logIn: "Log in",
    registrationSuccess: "Registration successful! Please check your email for verification code.",
    registrationFailed: "An error occurred during registration",
    verifyTitle: "Verify your email",
    verifySubtitle: "Enter the 6-digit code we sent to {email}.",
    code: "Verification code",
    codeDigit: "Digit {n} of 6",
    verifyEmail: "Verify Email",
    verifying: "Verifying...",
    emailRequired: "Email is required for verification",
    verified: "Email verified successfully!",
    resent: "OTP resent successfully!",
    resendCode: "Resend code",
    resendIn: "You can request a new code in {time}",
    resendWhenReady: "Didn't get it? Check your spam folder.",
    backToSignup: "← Back to sign up",
    googleUnavailable: "Google sign-in is not available here. Please use your e-mail and password.",
    googleFailed: "Google authentication failed",
    loggedOut: "Logged out successfully",
    pleaseLogin: "Please Login",
    pleaseLoginText: "Sign in to see your profile, orders and bids.",
    goToLogin: "Go to Login",
    profileTitle: "My Profile",
    name: "Name",
    phone: "Phone",
    address: "Address",
    memberSince: "Member since",
    cartItems: "{n} items",
    cartItem: "{n} item",
    bell: "Notifications, {n} unread",
    forgotLink: "Forgot password?",
    forgotTitle: "Reset your password",
    forgotSubtitle: "Enter your account's e-mail. We will send a 6-digit code to choose a new password.",
    sendCode: "Send code",
    sendingCode: "Sending...",
    resetSent: "If an account exists for that e-mail, we have sent it a 6-digit code.",
    resetTitle: "Choose a new password",
    resetSubtitle: "Enter the 6-digit code we sent to {email} (if it has an account), and your new password.",
    newPassword: "New password",
    resetButton: "Set new password",
    resetting: "Saving...",
    passwordReset: "Your password was changed. Every other device was signed out.",
    backToLogin: "← Back to login",
    startAgain: "← Ask for a new code",
    editProfile: "Your details",
    save: "Save",
    saving: "Saving...",
    profileSaved: "Your details were saved.",
    changePasswordTitle: "Change password",
    currentPassword: "Current password",
    changePasswordButton: "Change password",
    passwordChanged: "Your password was changed. Every other device was signed out.",
    firstPassword: "Your account signs in with Google. Set a password to sign in with your e-mail too.",
  },
  toasts: {
    region: "Notifications",
    dismiss: "Dismiss notification",
  },
  shop: checkoutMessages,
  notifications: notificationMessages,
};

export type Messages = typeof en;

/** Each language's catalogue; `{product}` is still to be filled. */
const catalogues: Record<Lang, Messages> = { en, te: en };

function fill(value: unknown, product: string): unknown {
  if (typeof value === "string") return value.replaceAll("{product}", product);
  if (Array.isArray(value)) return value.map((v) => fill(v, product));
  if (value && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, product)]));
  }
  return value;
}

const cache = new Map<string, Messages>();

/** The catalogue in `lang` with `{product}` filled in. */
export function getMessages(product: string, lang: Lang = "en"): Messages {
  const key = `${lang}:${product}`;
  let messages = cache.get(key);
  if (!messages) {
    messages = fill(catalogues[lang], product) as Messages;
    cache.set(key, messages);
  }
  return messages;
}

/** The catalogue of this request's language, with the fish's name in that language. */
export function messagesFor(deps: { config: { product: string; productTe: string }; lang: Lang }): Messages {
  return getMessages(productName(deps.config, deps.lang), deps.lang);
}
