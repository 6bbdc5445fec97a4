import { p, ul } from "../blocks";
import type { ContentContext, PolicyPage } from "../types";
import { UPDATED_ON } from "./facts";

export function privacyPolicy(c: ContentContext): PolicyPage {
  return {
    path: "/privacy-policy",
    title: "Privacy Policy",
    description:
      "What personal data we collect and why, the cookies we use, how long we keep data and how to exercise your " + "rights under India's DPDP Act, 2023.",
    updatedOn: UPDATED_ON,
    intro:
      `${c.brand} collects only the personal data it needs to take your order, deliver your fish and run the ` +
      "auctions. We do not sell it and we do not use advertising trackers. This policy explains what we collect, " +
      "why, who else handles it and the rights you have under India's Digital Personal Data Protection Act, 2023.",
    sections: [
      {
        heading: "What we collect",
        blocks: [
          ul(
            "Your name, e-mail address and, if you give them, your phone number and delivery addresses with pincode.",
            "Your password, stored only as a salted one-way hash that nobody, including us, can read back.",
            "If you sign in with Google: the name and e-mail address Google shares with us.",
            "Your orders, the fish's recorded weight and price, and your auction bids.",
            "Payment references, such as the order and payment IDs our payment provider gives us.",
          ),
          p(
            "Card and UPI details are entered in the payment provider's own window and handled by Razorpay. They " +
              "are never sent to us and never stored by us.",
          ),
        ],
      },
      {
        heading: "Why we use it",
        blocks: [
          ul(
            "To create and secure your account and verify your e-mail address.",
            "To process your order, tell you the final weight and price, collect payments and issue refunds.",
            "To deliver your fish and keep you updated by e-mail, in-app notification and text message (SMS).",
            "To run auctions fairly and tell bidders when they win or are outbid.",
            "To answer your questions and resolve disputes.",
            "To prevent fraud and meet our legal, tax and accounting obligations.",
          ),
          p("We do not use your data for advertising and we do not sell or rent it to anyone."),
        ],
      },
      {
        heading: "E-mail one-time codes",
        blocks: [
          p(
            "When you sign up we send a six-digit one-time code to your e-mail address to confirm that it is " +
              "yours. Each code is valid for 10 minutes, works only once and is stored only in hashed form. We will " +
              "never ask you to read a code out to us by phone or message.",
          ),
        ],
      },
      {
        heading: "Cookies",
        blocks: [
          p("We keep just two cookies on your device, both needed for the site to work as you expect:"),
          ul(
            "A session cookie that keeps you signed in. Scripts on the page cannot read it, and it stops working " + "when you log out.",
            "A theme cookie that remembers whether you chose the light, dark or system theme, kept for a year.",
          ),
          p(
            "Two short-lived helper cookies also appear at particular moments: one carries a confirmation message, " +
              "such as a successful login, to the next page and expires within a minute; the other protects the " +
              "Google sign-in step and expires within 10 minutes.",
          ),
          p(
            "We use no advertising or cross-site tracking cookies. When you pay, the payment provider's window " +
              "may set its own cookies under its own privacy policy.",
          ),
        ],
      },
      {
        heading: "Who else handles your data",
        blocks: [
          ul(
            "Our payment provider, Razorpay, to take payments and make refunds.",
            "Our delivery partners, who receive your name, phone number and delivery address for your order only.",
            "The services that host our website and send our e-mails, which use it only to provide those services.",
            "Authorities, when the law requires us to share information.",
          ),
        ],
      },
      {
        heading: "How long we keep it",
        blocks: [
          p(
            "We keep your account details for as long as your account is open. Order and payment records are " +
              "kept for as long as Indian tax and accounting law requires, and then deleted. One-time codes expire " +
              "after 10 minutes. If you ask us to delete your account, we delete or anonymise your personal data " +
              "except what the law requires us to keep.",
          ),
          p("All data travels over encrypted connections, and access to it is limited to the people who need it."),
        ],
      },
      {
        heading: "Your rights",
        blocks: [
          p(
            "Under the Digital Personal Data Protection Act, 2023, you can ask us for a summary of the personal data " +
              "we hold about you and how we use it, ask us to correct or complete it, ask us to delete it, withdraw " +
              "your consent, and nominate someone to exercise these rights on your behalf.",
          ),
          p(
            `To make a request, e-mail ${c.supportEmail} from the address registered with your account. We ` +
              "acknowledge requests within 24 hours and act on them without undue delay.",
          ),
        ],
      },
      {
        heading: "Contact and grievances",
        blocks: [
          p(
            `For any question or complaint about your personal data, contact us at ${c.supportEmail} or on ` +
              `${c.supportPhone}. If you are not satisfied with our response, you may approach the Data ` +
              "Protection Board of India.",
          ),
        ],
      },
    ],
  };
}
