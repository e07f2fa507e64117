import type { RouteObject } from 'react-router'

/**
 * What each area of the console contributes: its routes (lazy, so each page is its own chunk) and its
 * entries in the main navigation. routes.tsx joins the areas; an area owns its folder under pages/.
 */
export interface Area {
  routes: RouteObject[]
  nav: { to: string; label: string }[]
}
