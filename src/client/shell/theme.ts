import { useEffect, useState } from 'react';

type Theme = 'kwt' | 'kwtdark';
export const THEME_STORAGE_KEY = 'kwt-theme';
const KEY = THEME_STORAGE_KEY;

function initialTheme(): Theme {
  const saved = localStorage.getItem(KEY);
  if (saved === 'kwt' || saved === 'kwtdark') return saved;
  return window.matchMedia?.('(prefers-color-scheme: dark)').matches ? 'kwtdark' : 'kwt';
}

/** Light and dark daisyUI themes, remembered on this device. */
export function useTheme() {
  const [theme, setTheme] = useState<Theme>(initialTheme);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.querySelector('meta[name="theme-color"]')?.setAttribute('content', theme === 'kwtdark' ? '#172026' : '#0f766e');
  }, [theme]);
  const toggle = () => {
    const next = theme === 'kwt' ? 'kwtdark' : 'kwt';
    localStorage.setItem(KEY, next);
    setTheme(next);
  };
  return { theme, toggle };
}
