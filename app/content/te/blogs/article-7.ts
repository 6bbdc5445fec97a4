import type { Blog, ContentContext } from "../../types";

/** Article 7 in Telugu, a title only like the English one. */
export function article7(c: ContentContext): Blog {
  return {
    id: 7,
    title: `${c.product} సీజన్ క్యాలెండర్: ఎప్పుడు ఆర్డర్ చేయాలి, చేపను ఎలా నిల్వ చేయాలి`,
    category: "మార్గదర్శి",
    summary: "సీజన్‌కు నెలవారీ మార్గదర్శి, చేపను నిల్వ చేసే, జాగ్రత్తగా వాడుకునే చిట్కాలతో, త్వరలో వస్తోంది.",
    image: null,
    readMinutes: 0,
    publishedOn: "2026-10-05",
    sections: [],
  };
}
