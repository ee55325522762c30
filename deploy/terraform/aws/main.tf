# Brokers, clients (workers) and a coordinator in one subnet of their own VPC, in a cluster
# placement group (low latency between them). Security groups: SSH only from ssh_ingress_cidrs;
# the worker API only from the coordinator; the brokers' client ports only from the clients, and
# their replication, routing and metadata ports between brokers. Outbound is open: apt fetches the JRE and Redis.

data "aws_availability_zones" "available" {
  state = "available"
}

# Debian 12, the system the Ansible roles were tested against (in network namespaces).
data "aws_ami" "debian" {
  most_recent = true
  owners      = ["136693071363"] # Debian's AWS account

  filter {
    name   = "name"
    values = ["debian-12-amd64-*"]
  }

  filter {
    name   = "architecture"
    values = ["x86_64"]
  }
}

resource "aws_vpc" "bench" {
  cidr_block           = var.vpc_cidr
  enable_dns_hostnames = true
}

resource "aws_internet_gateway" "bench" {
  vpc_id = aws_vpc.bench.id
}

resource "aws_subnet" "bench" {
  vpc_id                  = aws_vpc.bench.id
  cidr_block              = cidrsubnet(var.vpc_cidr, 8, 0)
  availability_zone       = data.aws_availability_zones.available.names[0]
  map_public_ip_on_launch = true
}

resource "aws_route_table" "bench" {
  vpc_id = aws_vpc.bench.id

  route {
    cidr_block = "0.0.0.0/0"
    gateway_id = aws_internet_gateway.bench.id
  }
}

resource "aws_route_table_association" "bench" {
  subnet_id      = aws_subnet.bench.id
  route_table_id = aws_route_table.bench.id
}

resource "aws_placement_group" "bench" {
  name     = "${var.name}-cluster"
  strategy = "cluster"
}

resource "aws_key_pair" "bench" {
  key_name   = "${var.name}-key"
  public_key = file(pathexpand(var.ssh_public_key_path))
}

# --- security groups: one per role, rules between them below

resource "aws_security_group" "ssh" {
  name        = "${var.name}-ssh"
  description = "SSH from the operator; all outbound"
  vpc_id      = aws_vpc.bench.id

  ingress {
    description = "SSH"
    from_port   = 22
    to_port     = 22
    protocol    = "tcp"
    cidr_blocks = var.ssh_ingress_cidrs
  }

  egress {
    from_port   = 0
    to_port     = 0
    protocol    = "-1"
    cidr_blocks = ["0.0.0.0/0"]
  }
}

resource "aws_security_group" "brokers" {
  name        = "${var.name}-brokers"
  description = "Kafka and Redis, reached by the clients"
  vpc_id      = aws_vpc.bench.id
}

resource "aws_security_group" "clients" {
  name        = "${var.name}-clients"
  description = "brokerbench workers, reached by the coordinator"
  vpc_id      = aws_vpc.bench.id
}

resource "aws_security_group" "coordinator" {
  name        = "${var.name}-coordinator"
  description = "runs bin/benchmark against the workers"
  vpc_id      = aws_vpc.bench.id
}

locals {
  # Who reaches which ports, between the roles' security groups: [first port, last port]
  role_ingress = {
    worker_api_from_coordinator = {
      group       = aws_security_group.clients.id
      from        = aws_security_group.coordinator.id
      ports       = [var.worker_port, var.worker_port + 1]
      description = "worker API and Prometheus metrics, from the coordinator only"
    }
    kafka_from_clients = {
      group       = aws_security_group.brokers.id
      from        = aws_security_group.clients.id
      ports       = [9092, 9092]
      description = "Kafka clients"
    }
    kafka_between_brokers = {
      group       = aws_security_group.brokers.id
      from        = aws_security_group.brokers.id
      ports       = [9092, 9093]
      description = "Kafka replication and KRaft controllers"
    }
    redis_from_clients = {
      group       = aws_security_group.brokers.id
      from        = aws_security_group.clients.id
      ports       = [6379, 6379]
      description = "Redis"
    }
    redis_between_brokers = {
      group       = aws_security_group.brokers.id
      from        = aws_security_group.brokers.id
      ports       = [6379, 6379]
      description = "Redis replication, and the sentinels watching the primary"
    }
    redis_sentinel_between_brokers = {
      group       = aws_security_group.brokers.id
      from        = aws_security_group.brokers.id
      ports       = [26379, 26379]
      description = "Redis sentinels"
    }
    nats_from_clients = {
      group       = aws_security_group.brokers.id
      from        = aws_security_group.clients.id
      ports       = [4222, 4222]
      description = "NATS clients"
    }
    nats_between_brokers = {
      group       = aws_security_group.brokers.id
      from        = aws_security_group.brokers.id
      ports       = [6222, 6222]
      description = "NATS routes"
    }
    pulsar_from_clients = {
      group       = aws_security_group.brokers.id
      from        = aws_security_group.clients.id
      ports       = [6650, 6650]
      description = "Pulsar clients"
    }
    pulsar_admin_from_clients = {
      group       = aws_security_group.brokers.id
      from        = aws_security_group.clients.id
      ports       = [8090, 8090]
      description = "Pulsar admin API (the driver creates namespaces and topics)"
    }
    pulsar_zookeeper_between_brokers = {
      group       = aws_security_group.brokers.id
      from        = aws_security_group.brokers.id
      ports       = [2181, 2181]
      description = "Pulsar's ZooKeeper (metadata store)"
    }
    pulsar_bookies_between_brokers = {
      group       = aws_security_group.brokers.id
      from        = aws_security_group.brokers.id
      ports       = [3181, 3181]
      description = "Pulsar bookies"
    }
    pulsar_between_brokers = {
      group       = aws_security_group.brokers.id
      from        = aws_security_group.brokers.id
      ports       = [6650, 6650]
      description = "Pulsar brokers reaching each other"
    }
    pulsar_admin_between_brokers = {
      group       = aws_security_group.brokers.id
      from        = aws_security_group.brokers.id
      ports       = [8090, 8090]
      description = "Pulsar brokers' admin API, between brokers"
    }
  }
}

resource "aws_vpc_security_group_ingress_rule" "between_roles" {
  for_each                     = local.role_ingress
  security_group_id            = each.value.group
  referenced_security_group_id = each.value.from
  description                  = each.value.description
  ip_protocol                  = "tcp"
  from_port                    = each.value.ports[0]
  to_port                      = each.value.ports[1]
}

# --- instances: one resource, keyed by inventory name (broker-1, client-1, coordinator-1, ...)

locals {
  roles = {
    broker = {
      count       = var.broker_count
      type        = var.broker_instance_type
      group       = aws_security_group.brokers.id
      volume_size = var.broker_volume_size_gb
      throughput  = var.broker_volume_throughput
    }
    client = {
      count       = var.client_count
      type        = var.client_instance_type
      group       = aws_security_group.clients.id
      volume_size = 20
      throughput  = 125
    }
    coordinator = {
      count       = 1
      type        = var.coordinator_instance_type
      group       = aws_security_group.coordinator.id
      volume_size = 20
      throughput  = 125
    }
  }
  instances = merge([
    for role, spec in local.roles : { for i in range(spec.count) : "${role}-${i + 1}" => merge(spec, { role = role }) }
  ]...)
}

resource "aws_instance" "node" {
  for_each               = local.instances
  ami                    = data.aws_ami.debian.id
  instance_type          = each.value.type
  subnet_id              = aws_subnet.bench.id
  placement_group        = aws_placement_group.bench.id
  key_name               = aws_key_pair.bench.key_name
  vpc_security_group_ids = [aws_security_group.ssh.id, each.value.group]

  root_block_device {
    volume_type = "gp3"
    volume_size = each.value.volume_size
    throughput  = each.value.throughput
  }

  tags = {
    Name = "${var.name}-${each.key}"
    Role = each.value.role
  }
}
