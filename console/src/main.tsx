/** The console's entry: theme first (no flash), then the query cache and the router, below /app. */
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, RouterProvider } from 'react-router'
import { ApiError } from './api/problem.ts'
import { applyTheme } from './layout/theme.ts'
import { routes } from './routes.tsx'
import './styles/app.css'

applyTheme()

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A 4xx will answer the same again; retry only what may pass (network, 5xx, 429 after its wait).
      retry: (count, error) =>
        count < 2 && !(error instanceof ApiError && error.status < 500 && error.status !== 429),
      refetchOnWindowFocus: false,
    },
  },
})

const router = createBrowserRouter(routes, { basename: '/app' })

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
)
