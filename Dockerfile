# One image for every role (api, worker, projections); the command picks the role.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
COPY engine/package.json engine/
COPY projections/package.json projections/
COPY api/package.json api/
COPY web/package.json web/
COPY ops/package.json ops/
RUN npm ci --no-audit --no-fund
COPY . .
RUN cd web && npx vite build

FROM node:20-bookworm-slim
ENV NODE_ENV=production
# ffmpeg takes each video's poster frame and refuses a video cut short (api/src/media/adMedia.ts).
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY --from=build /app /app
EXPOSE 3000
CMD ["node", "--import", "tsx", "api/src/main.ts"]
