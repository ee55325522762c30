locals {
  # inventory name => addresses, per role, in the order of their numbers
  addresses = {
    for role in keys(local.roles) : role => [
      for i in range(local.roles[role].count) : {
        name    = "${role}-${i + 1}"
        public  = aws_instance.node["${role}-${i + 1}"].public_ip
        private = aws_instance.node["${role}-${i + 1}"].private_ip
      }
    ]
  }
}

output "broker_private_ips" {
  value = local.addresses.broker[*].private
}

output "client_private_ips" {
  value = local.addresses.client[*].private
}

output "coordinator_public_ip" {
  value = local.addresses.coordinator[0].public
}

# terraform output -raw ansible_inventory > ../../ansible/inventory.ini
output "ansible_inventory" {
  description = "Inventory for deploy/ansible/site.yml: groups brokers, redis, clients, coordinator."
  value       = templatefile("${path.module}/inventory.tftpl", local.addresses)
}
