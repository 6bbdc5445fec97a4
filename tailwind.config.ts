import type { Config } from "tailwindcss";

export default {
  content: ["./app/**/*.{ts,tsx}", "./app/sw/*.js"],
  // Dark mode follows the theme cookie: class "dark" on <html>, or class "system" plus the OS preference,
  // so the server renders the right theme and it works without JavaScript.
  darkMode: ["variant", ["&:is(.dark *)", "@media (prefers-color-scheme: dark) { &:is(.system *) }"]],
  theme: {
    extend: {
      colors: {
        river: {
          50: "#eef7fb",
          100: "#d5ebf4",
          200: "#a9d5e8",
          300: "#72b7d4",
          400: "#3f93b8",
          500: "#23769c",
          600: "#195e80",
          700: "#164c68",
          800: "#153f56",
          900: "#0f2d3f",
          950: "#0a1d2a",
        },
        gold: {
          50: "#fdf8ec",
          100: "#f9ecc9",
          200: "#f2d78f",
          300: "#ebbd55",
          400: "#e4a42f",
          500: "#c98619",
          600: "#a86613",
          700: "#864c14",
          800: "#6e3d17",
          900: "#5c3317",
        },
      },
      // The self-hosted Telugu face (app/styles/telugu.css) comes last: it covers only Telugu characters, so on an
      // English page it draws (and downloads) only for Telugu words such as the language link or a Telugu name.
      fontFamily: {
        sans: ["system-ui", "-apple-system", "Segoe UI", "Roboto", "Noto Sans", "Noto Sans Telugu", "Noto Sans Telugu Web", "sans-serif"],
        serif: ["Georgia", "Cambria", "Noto Serif", "Noto Serif Telugu", "Noto Sans Telugu Web", "serif"],
      },
    },
  },
  plugins: [],
} satisfies Config;
