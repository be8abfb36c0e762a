FROM node:20-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production
COPY package.json package-lock.json .npmrc ./
RUN npm ci --omit=dev --no-audit --no-fund
COPY tsconfig.json ./
COPY src ./src
COPY workers ./workers
COPY migrations ./migrations
COPY models ./models
EXPOSE 8080
# The api by default; the worker service runs `node --import tsx workers/main.ts`.
CMD ["node", "--import", "tsx", "src/server.ts"]
